import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bulkCreateDocuments, invalidateDocumentWrites } from '../../../../api/datastores';
import { importChunks } from '../lib/import-chunks';
import { parseImport, type ParsedImport } from '../lib/import-parse';

export type ImportState =
  | { step: 'choose' }
  | { step: 'reading'; fileName: string }
  | { step: 'preview'; fileName: string; parsed: ParsedImport }
  | { step: 'importing'; fileName: string; parsed: ParsedImport; created: number }
  | { step: 'done'; fileName: string; created: number }
  | { step: 'failed'; fileName: string; parsed: ParsedImport; created: number; error: unknown };

/**
 * A file of documents, read and checked in the browser, then created with bulk create in
 * chunks, one after another, so that progress is real and a failure says how far it got.
 */
export function useImportDocuments(collectionId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ step: 'choose' });

  const choose = async (file: File | undefined) => {
    if (!file) return setState({ step: 'choose' });
    setState({ step: 'reading', fileName: file.name });
    const parsed = parseImport(await file.text());
    setState({ step: 'preview', fileName: file.name, parsed });
  };

  const start = async () => {
    if (state.step !== 'preview') return;
    const { fileName, parsed } = state;
    let created = 0;
    setState({ step: 'importing', fileName, parsed, created });
    try {
      for (const chunk of importChunks(parsed.documents)) {
        const answer = await bulkCreateDocuments({
          collectionId,
          documents: chunk.map((content) => ({ content })),
        });
        created += answer.Created;
        setState({ step: 'importing', fileName, parsed, created });
      }
      setState({ step: 'done', fileName, created });
    } catch (error) {
      setState({ step: 'failed', fileName, parsed, created, error });
    } finally {
      if (created > 0) void invalidateDocumentWrites(queryClient, collectionId);
    }
  };

  return {
    state,
    choose,
    start,
    reset: () => setState({ step: 'choose' }),
    busy: state.step === 'importing' || state.step === 'reading',
  };
}
