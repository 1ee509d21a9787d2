import { readConfig } from '../config';
import { onStopSignal } from '../signals';
import { DataDirLockedError } from './store/lock';
import { startEmbeddedPlatform } from './server';

/** `npm run platform`: the embedded platform alone, on 127.0.0.1:PORT (default 8787). */
const config = readConfig();
try {
  const platform = await startEmbeddedPlatform({
    config,
    port: config.port ?? 8787,
    seedIn: 'child',
    log: (line) => console.log(line),
  });
  const tokensFrom = config.developerToken
    ? 'PLATFORM_DEVELOPER_TOKEN'
    : `${config.dataDir}/tokens.json`;
  console.log(`Embedded platform: ${platform.url} (developer token from ${tokensFrom})`);
  onStopSignal('Embedded platform', () => platform.close());
} catch (error) {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    console.error(`Port ${config.port ?? 8787} is in use: set PORT to another port.`);
  else console.error(error);
  process.exit(1);
}
