import { z } from 'zod';
import type { Account, Connector } from '../../../api/contract/streams';
import { isTimeZone } from './schedule';
import { steps, type StepId } from './steps';
import type { WizardValues } from './wizard-values';

/** What the steps are checked against: what the platform offers (undefined while loading). */
export interface WizardOptions {
  connectors?: Connector[];
  accounts?: Account[];
}

export const MAX_INTERVAL_MINUTES = 10_080;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

const connectorOf = (values: Pick<WizardValues, 'connectorKey'>, options: WizardOptions) =>
  options.connectors?.find((c) => c.key === values.connectorKey);

/**
 * The accounts offered for a connector: those whose type names it. Where none does (an instance
 * that types accounts differently), every account, so the wizard never dead-ends.
 */
export function accountsFor(connector: Connector | undefined, accounts: Account[] = []) {
  const matching = accounts.filter((a) => a.type === connector?.key);
  return matching.length > 0 ? matching : accounts;
}

const connectorStep = (options: WizardOptions) =>
  z
    .object({ connectorKey: requiredText('Choose a connector'), version: z.string() })
    .superRefine((values, ctx) => {
      const connector = connectorOf(values, options);
      if (!connector) {
        if (values.connectorKey)
          ctx.addIssue({ code: 'custom', path: ['connectorKey'], message: 'Choose a connector' });
      } else if (!values.version)
        ctx.addIssue({ code: 'custom', path: ['version'], message: 'Choose a version' });
      else if (!connector.versions.includes(values.version))
        ctx.addIssue({
          code: 'custom',
          path: ['version'],
          message: `Choose one of the versions ${connector.versions.join(', ')}`,
        });
    });

/** The connector's own fields, as the platform describes them: a new connector needs no change here. */
const configurationStep = (connector: Connector | undefined) =>
  z.object({
    configuration: z.object(
      Object.fromEntries(
        (connector?.fields ?? []).map((field) => [
          field.name,
          field.required ? requiredText(`${field.label} is required`) : z.string().optional(),
        ]),
      ),
    ),
  });

const accountStep = (connector: Connector | undefined, accounts: Account[] | undefined) =>
  z
    .object({ accountId: requiredText('Choose an account') })
    .refine(
      ({ accountId }) =>
        accounts === undefined ||
        accountsFor(connector, accounts).some((a) => String(a.id) === accountId),
      { path: ['accountId'], message: 'Choose one of the accounts offered for this connector' },
    );

const updateMethodStep = z.object({
  updateMethod: z.enum(['APPEND', 'REPLACE'], {
    error: 'Choose how each run updates the dataset',
  }),
});

const scheduleStep = z.object({
  schedule: z
    .object({
      type: z.enum(['MANUAL', 'INTERVAL', 'DAILY']),
      intervalMinutes: z.string(),
      at: z.string(),
      timezone: z.string(),
    })
    .superRefine((schedule, ctx) => {
      if (!isTimeZone(schedule.timezone))
        ctx.addIssue({
          code: 'custom',
          path: ['timezone'],
          message: 'Choose a time zone, such as UTC or Europe/Paris',
        });
      if (schedule.type === 'INTERVAL') {
        const n = Number(schedule.intervalMinutes);
        if (!/^\d+$/.test(schedule.intervalMinutes.trim()) || n < 1 || n > MAX_INTERVAL_MINUTES)
          ctx.addIssue({
            code: 'custom',
            path: ['intervalMinutes'],
            message: `Enter a whole number of minutes from 1 to ${MAX_INTERVAL_MINUTES.toLocaleString('en-US')}`,
          });
      }
      if (schedule.type === 'DAILY' && !HH_MM.test(schedule.at))
        ctx.addIssue({
          code: 'custom',
          path: ['at'],
          message: 'Enter a time as HH:MM, such as 06:30',
        });
    }),
});

/** Whether a schedule is complete enough to show what it will send. */
export const scheduleHolds = (schedule: WizardValues['schedule']) =>
  scheduleStep.safeParse({ schedule }).success;

const datasetStep = z.object({
  dataset: z.object({
    name: requiredText('Name the dataset'),
    description: z.string(),
  }),
});

/** The zod schema of one step: what must hold before Next. */
export function stepSchema(
  step: StepId,
  values: Pick<WizardValues, 'connectorKey'>,
  options: WizardOptions,
) {
  const connector = connectorOf(values, options);
  switch (step) {
    case 'connector':
      return connectorStep(options);
    case 'configuration':
      return configurationStep(connector);
    case 'account':
      return accountStep(connector, options.accounts);
    case 'update-method':
      return updateMethodStep;
    case 'schedule':
      return scheduleStep;
    case 'dataset':
      return datasetStep;
    case 'review':
      return z.object({});
  }
}

/** The first step whose input does not hold yet; steps after it cannot be opened. */
export function firstInvalidStep(values: WizardValues, options: WizardOptions): number {
  if (!connectorOf(values, options)) return 0;
  const index = steps.findIndex(
    (step) => !stepSchema(step.id, values, options).safeParse(values).success,
  );
  return index === -1 ? steps.length - 1 : index;
}
