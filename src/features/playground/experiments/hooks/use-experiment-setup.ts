import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { createExperimentBody } from '../../../../api/contract';
import { indexedSchemaQueryOptions, useAllDatasets } from '../../../../api/datasets';
import { useCreateExperiment, useExperimentEstimate } from '../../../../api/experiments';
import { useGenerationModels } from '../../../../api/generation';
import { experimentsPath } from '../../lib/experiments-path';
import { readHandedDraft } from '../../lib/draft-handoff';
import { readSavedPrompts } from '../../lib/saved-prompts';
import {
  autoMap,
  defaultModel,
  DRAFT_SOURCE,
  emptySetup,
  mappedPlaceholders,
  promptVersions,
  savedSource,
  setupSchema,
  toBody,
  type SetupForm,
} from '../lib/setup-form';

/** How long the form rests before its estimate is asked for again. */
export const ESTIMATE_DEBOUNCE_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The experiment form: its prompts (the playground's draft, the saved prompts of this browser),
 * the dataset's columns, the placeholders kept mapped as templates and columns change, the
 * estimate of a valid form (debounced), and the create that opens the new experiment's page.
 */
export function useExperimentSetup() {
  const [saved] = useState(readSavedPrompts);
  const [draft] = useState(readHandedDraft);
  const models = useGenerationModels();
  const datasets = useAllDatasets();
  const create = useCreateExperiment();
  const navigate = useNavigate();

  const firstSource = draft ? DRAFT_SOURCE : saved[0] ? savedSource(saved[0].name) : '';
  const form = useForm<SetupForm>({
    resolver: zodResolver(setupSchema),
    defaultValues: emptySetup(
      firstSource,
      '',
      promptVersions(firstSource, saved, draft)[0]?.key ?? '',
    ),
    mode: 'onTouched',
  });
  const { control, setValue, getValues } = form;

  // The default model arrives after the form: variants still without one take it.
  const fallbackModel = defaultModel(models.data);
  useEffect(() => {
    if (!fallbackModel) return;
    getValues('variants').forEach((v, i) => {
      if (!v.model) setValue(`variants.${i}.model`, fallbackModel);
    });
  }, [fallbackModel, getValues, setValue]);

  const values = useWatch({ control }) as SetupForm;
  const versions = useMemo(
    () => promptVersions(values.prompt, saved, draft),
    [values.prompt, saved, draft],
  );
  const promptName =
    values.prompt === DRAFT_SOURCE
      ? 'draft'
      : (saved.find((p) => savedSource(p.name) === values.prompt)?.name ?? '');

  const schema = useQuery({
    ...indexedSchemaQueryOptions(values.datasetId, false),
    enabled: values.datasetId !== '',
    placeholderData: undefined,
  });
  const columns = useMemo(
    () =>
      (schema.data?.tables[0]?.columns ?? [])
        .toSorted((a, b) => a.order - b.order)
        .map((c) => c.name),
    [schema.data],
  );

  const templates = values.variants.map(
    (v) => versions.find((x) => x.key === v.version)?.draft.template ?? '',
  );
  const names = mappedPlaceholders(templates);
  const namesKey = names.join('\n');
  const columnsKey = columns.join('\n');
  useEffect(() => {
    const next = autoMap(namesKey ? namesKey.split('\n') : [], columns, getValues('mapping'));
    if (JSON.stringify(next) !== JSON.stringify(getValues('mapping')))
      setValue('mapping', next, { shouldValidate: form.formState.isSubmitted });
    // columnsKey stands for columns: a new array of the same names maps nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [namesKey, columnsKey, getValues, setValue]);

  // A new prompt: its latest version in every variant.
  const firstVersion = versions[0]?.key ?? '';
  useEffect(() => {
    getValues('variants').forEach((v, i) => {
      if (!versions.some((x) => x.key === v.version))
        setValue(`variants.${i}.version`, firstVersion);
    });
  }, [versions, firstVersion, getValues, setValue]);

  const candidate = useMemo(() => {
    if (!setupSchema.safeParse(values).success) return undefined;
    const body = toBody(values, versions, promptName);
    return body && createExperimentBody.safeParse(body).success ? body : undefined;
  }, [values, versions, promptName]);
  const settled = useDebounced(candidate, ESTIMATE_DEBOUNCE_MS);
  const estimate = useExperimentEstimate(settled);

  const submit = form.handleSubmit((checked) => {
    const body = toBody(checked, versions, promptName);
    if (!body) return;
    create.mutate(body, { onSuccess: (created) => void navigate(experimentsPath(created.id)) });
  });

  return {
    form,
    values,
    saved,
    draft,
    versions,
    models,
    datasets,
    schema,
    columns,
    names,
    /** The estimate of the form as it is, once it is complete; stale while typing goes on. */
    estimate: { ...estimate, current: candidate !== undefined && settled === candidate },
    complete: candidate !== undefined,
    create,
    submit,
  };
}
