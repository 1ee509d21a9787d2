import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { isClientError } from '../../../api/errors';
import { useAccounts } from '../../../api/streams/get-accounts';
import { useConnectors } from '../../../api/streams/get-connectors';
import { useCreateStream } from '../../../api/streams/create-stream';
import { placeOfPlatformError } from '../model/platform-error';
import { buildCreateStreamBody } from '../model/request-body';
import { browserTimeZone } from '../model/schedule';
import { firstInvalidStep, stepSchema, type WizardOptions } from '../model/step-schemas';
import { REVIEW_STEP, stepIndexOf, steps } from '../model/steps';
import { emptyWizardValues, type WizardValues } from '../model/wizard-values';
import { datasetStreamPath } from '../../../lib/paths';
import { useLeaveGuard } from '../../../hooks/use-leave-guard';

/**
 * The wizard's decisions: one form state for every step (so Back and Next lose nothing), the
 * step in the URL (`?step=`, never past the first step that does not hold yet), each step
 * validated by its own zod schema, and the create call with the platform's answer.
 */
export function useStreamWizard() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const connectors = useConnectors();
  const accounts = useAccounts();
  const options: WizardOptions = useMemo(
    () => ({ connectors: connectors.data, accounts: accounts.data }),
    [connectors.data, accounts.data],
  );

  const requested = stepIndexOf(searchParams.get('step'));
  const [defaults] = useState(() => emptyWizardValues(browserTimeZone()));
  const resolver: Resolver<WizardValues> = (values, context, resolverOptions) => {
    const index = Math.min(requested, firstInvalidStep(values, options));
    const schema = stepSchema(steps[index]!.id, values, options);
    return (zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<WizardValues>)(
      values,
      context,
      resolverOptions,
    );
  };
  const form = useForm<WizardValues>({ defaultValues: defaults, resolver });
  const values = useWatch({ control: form.control }) as WizardValues;
  const { isDirty } = form.formState;

  const firstInvalid = firstInvalidStep(values, options);
  const current = Math.min(requested, firstInvalid);
  const connector = options.connectors?.find((c) => c.key === values.connectorKey);
  const ready = connectors.isSuccess;
  // The furthest step opened so far: the stepper ticks only steps a person has been through.
  const [reached, setReached] = useState(current);
  if (current > reached) setReached(current);

  const goTo = useCallback(
    (index: number, replace = false) =>
      setSearchParams(
        (params) => {
          params.set('step', steps[index]!.id);
          return params;
        },
        { replace },
      ),
    [setSearchParams],
  );

  // A URL naming a step that cannot be opened yet (a reload, a shared link) shows the first open one.
  useEffect(() => {
    if (ready && searchParams.has('step') && requested !== current) goTo(current, true);
  }, [ready, searchParams, requested, current, goTo]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(current);
  // At commit, not after paint: the new step never shows without focus on its heading.
  useLayoutEffect(() => {
    if (shownStep.current === current) return;
    shownStep.current = current;
    headingRef.current?.focus();
  }, [current]);

  const create = useCreateStream();
  const leaving = useRef(false);
  const isLeaving = useCallback(() => leaving.current, []);
  const leaveGuard = useLeaveGuard(isDirty, isLeaving);

  const body =
    current === REVIEW_STEP && connector ? buildCreateStreamBody(values, connector) : undefined;
  const createError = create.error;
  const errorPlace =
    createError && isClientError(createError)
      ? placeOfPlatformError(createError.message)
      : undefined;

  const next = form.handleSubmit(() => goTo(Math.min(current + 1, REVIEW_STEP)));
  const back = () => goTo(Math.max(current - 1, 0));
  const openStep = (index: number) => {
    if (current === REVIEW_STEP) create.reset();
    if (index <= firstInvalid) goTo(index);
  };

  const createStream = () => {
    if (!body) return;
    create.mutate(body, {
      onSuccess: (stream) => {
        leaving.current = true;
        void navigate(datasetStreamPath(stream.dataSource.id, stream.id));
      },
      onError: (error) => {
        const place = isClientError(error) ? placeOfPlatformError(error.message) : undefined;
        if (place?.field) form.setError(place.field, { type: 'server', message: place.message });
      },
    });
  };
  const submit = (event?: FormEvent) => form.handleSubmit(createStream)(event);

  const [discarding, setDiscarding] = useState(false);
  const discard = () => {
    form.reset(defaults);
    create.reset();
    setReached(0);
    setDiscarding(false);
    setSearchParams({}, { replace: true });
  };

  /** Choosing a connector keeps a version it has, else picks its newest. */
  const chooseConnector = (key: string) => {
    const chosen = options.connectors?.find((c) => c.key === key);
    form.setValue('connectorKey', key, { shouldDirty: true });
    const version = form.getValues('version');
    if (chosen && !chosen.versions.includes(version))
      form.setValue('version', chosen.versions.at(-1) ?? '', { shouldDirty: true });
    form.clearErrors(['connectorKey', 'version']);
  };

  return {
    form,
    values,
    connectors,
    accounts,
    connector,
    step: steps[current]!,
    stepIndex: current,
    /** Steps up to this one can be opened from the stepper. */
    lastOpenStep: firstInvalid,
    reachedStep: reached,
    headingRef,
    next,
    back,
    openStep,
    submit,
    chooseConnector,
    body,
    creating: create.isPending,
    createError,
    errorPlace,
    dirty: isDirty,
    discard: {
      asking: discarding,
      ask: () => setDiscarding(true),
      cancel: () => setDiscarding(false),
      confirm: discard,
    },
    leaveGuard,
  };
}

export type StreamWizard = ReturnType<typeof useStreamWizard>;
