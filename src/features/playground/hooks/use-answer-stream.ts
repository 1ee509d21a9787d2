import { useState, useSyncExternalStore } from 'react';
import { useGatewayStatus } from '../../../api/gateway';

/**
 * The text of a streamed answer as it grows. Kept outside React state so that each piece
 * re-renders only the view that shows it, not the page with its editor.
 */
export class AnswerText {
  #text = '';
  readonly #listeners = new Set<() => void>();

  get = () => this.#text;

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  set(text: string) {
    this.#text = text;
    for (const listener of this.#listeners) listener();
  }

  append = (piece: string) => this.set(this.#text + piece);
}

export const useAnswerText = (text: AnswerText) => useSyncExternalStore(text.subscribe, text.get);

export const useNewAnswerText = () => useState(() => new AnswerText())[0];

/**
 * Whether the answer may be asked for as a stream: the embedded platform streams (its addition,
 * docs/platform-gaps.md); a real instance gets the plain request, as does a gateway not yet heard.
 */
export function useStreamingSupported(): boolean {
  return useGatewayStatus().data?.mode === 'embedded';
}
