import { describe, expect, it } from 'vitest';
import { isSecretName, redactText, redactValue } from './redact';

// The platform's one set of redaction rules, on the names and shapes an outside review listed.
describe('what is recorded or answered holds no secret', () => {
  it('knows secrets by the words of their names, whatever the case or separators', () => {
    for (const name of [
      'X-Api-Key',
      'x-api-key',
      'Cookie',
      'Set-Cookie',
      'Ocp-Apim-Subscription-Key',
      'X-Auth',
      'X-Goog-Api-Key',
      'Authorization',
      'Proxy-Authorization',
      'X-Amz-Security-Token',
      'X-Hub-Signature-256',
      'api_key',
      'apikey',
      'apiKey',
      'access_token',
      'accessToken',
      'sessionToken',
      'awsAccessSecret',
      'secretAccessKey',
      'password',
      'client_secret',
      'credentials',
      'sig',
      'key',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of [
      'X-Team',
      'Accept',
      'Content-Type',
      'url',
      'keyColumn',
      'tokenKind',
      'totalTokens',
      'maxTokens',
      'requiredAuthorities',
      'author',
      'monkeyBusiness',
      'page',
      'dataFileId',
      'timeoutSeconds',
    ])
      expect(isSecretName(name), name).toBe(false);
  });

  it('masks a header by its name, and a URL query value with a secret name, keeping the rest', () => {
    const step = {
      method: 'GET',
      url: 'https://api.example.com/v2/items?api_key=QK-1&token=QT-2&page=2#access_token=QF-3',
      headers: {
        'X-Api-Key': 'hv-1',
        Cookie: 'sid=hv-2',
        'Ocp-Apim-Subscription-Key': 'hv-3',
        'X-Auth': 'hv-4',
        'X-Goog-Api-Key': 'hv-5',
        'X-Team': 'blue',
      },
    };
    const shown = redactValue(step);
    expect(shown).toEqual({
      method: 'GET',
      url: 'https://api.example.com/v2/items?api_key=***&token=***&page=2#access_token=***',
      headers: {
        'X-Api-Key': '[redacted]',
        Cookie: '[redacted]',
        'Ocp-Apim-Subscription-Key': '[redacted]',
        'X-Auth': '[redacted]',
        'X-Goog-Api-Key': '[redacted]',
        'X-Team': 'blue',
      },
    });
  });

  it('takes secrets out of any text: URLs, bearer and basic credentials, key shapes, named values', () => {
    const cases: Array<[string, string]> = [
      [
        'Could not read https://reader:pw-9@h.example/x.csv?access_token=A1&x=1',
        'Could not read https://reader:***@h.example/x.csv?access_token=***&x=1',
      ],
      ['see /hook?apiKey=abc&sig=zz9', 'see /hook?apiKey=***&sig=***'],
      ['Authorization: Bearer abcdef123456', 'Authorization: Bearer [redacted]'],
      ['basic dXNlcjpwYXNzd29yZA==', 'basic [redacted]'],
      ['key sk-abcdefghijkl is wrong', 'key sk-[redacted] is wrong'],
      ['google said AIzaSyA1234567890abcdefghijklmno', 'google said [redacted]'],
      ['aws AKIAIOSFODNN7EXAMPLE', 'aws [redacted]'],
      ['x-api-key: 3f9a2b7c8d', 'x-api-key: [redacted]'],
      ['{"token":"a1b2c3d4e5f6"}', '{"token":"[redacted]"}'],
      ['password=hunter22x', 'password=[redacted]'],
    ];
    for (const [text, shown] of cases) expect(redactText(text), text).toBe(shown);
    // Words after a secret's name that are not key-like stay: a message still reads.
    expect(redactText('token: expired')).toBe('token: expired');
    expect(redactText('configuration.dataFileId: no data file 99999')).toBe(
      'configuration.dataFileId: no data file 99999',
    );
    expect(redactText('quota of the-configured-key exceeded', 'the-configured-key')).toBe(
      'quota of [redacted] exceeded',
    );
  });

  it('masks the value of a setting written { name, value } when its name is a secret', () => {
    expect(
      redactValue([
        { name: 'apiKey', value: 'plain' },
        { name: 'url', value: 'https://h.example/a.csv?access_token=A1' },
      ]),
    ).toEqual([
      { name: 'apiKey', value: '[redacted]' },
      { name: 'url', value: 'https://h.example/a.csv?access_token=***' },
    ]);
  });

  it('bounds a value when asked: texts, nesting and keys', () => {
    const bounded = redactValue(
      { text: 'x'.repeat(20), deep: { a: { b: { c: 1 } } }, list: [1, 2, 3] },
      { maxText: 5, maxDepth: 2, maxKeys: 2 },
    );
    expect(bounded).toEqual({ text: 'xxxxx…', deep: { a: '…' } });
  });
});
