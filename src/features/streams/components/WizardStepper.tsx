import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { steps } from '../model/steps';

export interface WizardStepperProps {
  current: number;
  /** Steps after this one wait until the ones before them hold. */
  lastOpen: number;
  /** The furthest step opened so far. */
  reached: number;
  onOpen: (index: number) => void;
}

/** MUI's non-linear Stepper is a tablist: arrow keys move between the steps that can be opened. */
export function WizardStepper({ current, lastOpen, reached, onOpen }: WizardStepperProps) {
  return (
    <Box sx={{ mb: 3 }}>
      <Stepper
        nonLinear
        alternativeLabel
        activeStep={current}
        aria-label="Wizard steps"
        sx={(theme) => ({
          py: 1,
          // On a phone the step names would not fit: the icons stay, the names are for readers.
          [theme.breakpoints.down('sm')]: { '& .MuiStepLabel-labelContainer': visuallyHidden },
        })}
      >
        {steps.map((step, index) => (
          <Step key={step.id} completed={index < lastOpen && index <= reached && index !== current}>
            <StepButton onClick={() => onOpen(index)} disabled={index > lastOpen}>
              {step.label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}
