import { json } from '@codemirror/lang-json';

export const jsonLanguage = [json()];
