import { FormProvider } from 'react-hook-form';
import { ConfirmDialog, LeaveDialog, EmptyState, PageHeader, PageState } from '../../../components';
import { AccountStep } from '../components/AccountStep';
import { ConfigurationStep } from '../components/ConfigurationStep';
import { ConnectorStep } from '../components/ConnectorStep';
import { DatasetStep } from '../components/DatasetStep';
import { ReviewStep } from '../components/ReviewStep';
import { ScheduleStep } from '../components/ScheduleStep';
import { StepPanel } from '../components/StepPanel';
import { UpdateMethodStep } from '../components/UpdateMethodStep';
import { WizardActions } from '../components/WizardActions';
import { WizardStepper } from '../components/WizardStepper';
import { useReviewSummary } from '../hooks/use-review-summary';
import { useStreamWizard, type StreamWizard } from '../hooks/use-stream-wizard';
import { REVIEW_STEP, steps } from '../model/steps';

const descriptions: Record<(typeof steps)[number]['id'], string> = {
  connector: 'Where the stream reads its rows from.',
  configuration: 'The settings this connector needs. Required ones are marked with *.',
  account: 'The account the stream reads with.',
  'update-method': 'What each run does with the rows it read.',
  schedule: 'When the stream runs. You can always run it by hand as well.',
  dataset: 'Creating the stream creates this dataset; each run fills it.',
  review: 'Check what will be created, and the exact request the console sends.',
};

function CurrentStep({ wizard }: { wizard: StreamWizard }) {
  const { step, connector, connectors, accounts } = wizard;
  const summary = useReviewSummary(wizard.values, connector, accounts.data);
  if (step.id === 'connector')
    return <ConnectorStep connectors={connectors.data ?? []} onChoose={wizard.chooseConnector} />;
  if (!connector) return null;
  switch (step.id) {
    case 'configuration':
      return <ConfigurationStep connector={connector} />;
    case 'account':
      return (
        <PageState
          query={accounts}
          loading={{ variant: 'details', rows: 1, label: 'Loading accounts' }}
        >
          {(found) => <AccountStep connector={connector} accounts={found} />}
        </PageState>
      );
    case 'update-method':
      return <UpdateMethodStep />;
    case 'schedule':
      return <ScheduleStep />;
    case 'dataset':
      return <DatasetStep />;
    case 'review':
      return wizard.body ? (
        <ReviewStep
          summary={summary}
          body={wizard.body}
          error={wizard.createError}
          errorPlace={wizard.errorPlace}
          onOpenStep={wizard.openStep}
        />
      ) : null;
  }
}

/** `/streams/new`: the stream wizard (spec 4.3). */
export function NewStreamPage() {
  const wizard = useStreamWizard();
  const { connectors, stepIndex } = wizard;
  const last = stepIndex === REVIEW_STEP;

  return (
    <>
      <PageHeader
        title="New stream"
        subtitle="A stream reads rows from a source into a new dataset, by hand or on a schedule."
      />
      <PageState
        query={connectors}
        loading={{ variant: 'details', label: 'Loading connectors' }}
        empty={(found) =>
          found.length === 0 && (
            <EmptyState
              title="The platform offers no connectors"
              description="A stream needs a connector to read from; none is configured."
            />
          )
        }
      >
        <FormProvider {...wizard.form}>
          <WizardStepper
            current={stepIndex}
            lastOpen={wizard.lastOpenStep}
            reached={wizard.reachedStep}
            onOpen={wizard.openStep}
          />
          <StepPanel
            key={wizard.step.id}
            number={stepIndex + 1}
            count={steps.length}
            title={wizard.step.label}
            description={descriptions[wizard.step.id]}
            headingRef={wizard.headingRef}
            onSubmit={last ? wizard.submit : wizard.next}
            enterSubmits={!last}
            actions={
              <WizardActions
                first={stepIndex === 0}
                last={last}
                creating={wizard.creating}
                canDiscard={wizard.dirty}
                onBack={wizard.back}
                onDiscard={wizard.discard.ask}
              />
            }
          >
            <CurrentStep wizard={wizard} />
          </StepPanel>
        </FormProvider>
      </PageState>
      <ConfirmDialog
        open={wizard.discard.asking}
        title="Discard this stream?"
        confirmLabel="Discard"
        destructive
        onConfirm={wizard.discard.confirm}
        onClose={wizard.discard.cancel}
      >
        Every step’s input is cleared and the wizard starts again.
      </ConfirmDialog>
      <LeaveDialog guard={wizard.leaveGuard} title="Leave the stream wizard?">
        The stream is not created yet; what you entered will be lost.
      </LeaveDialog>
    </>
  );
}
