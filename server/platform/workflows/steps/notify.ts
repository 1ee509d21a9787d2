import { randomUUID } from 'node:crypto';
import { notifyStep } from '../../../../src/api/contract';
import type { StepKind } from './types';

/** Sends a message to the outbox, committed with the step's output (so a repeat sends it once). */
export const notify: StepKind<'notify'> = {
  schema: notifyStep,
  resumable: true,
  live: false,
  async execute(step, ctx) {
    const to = String(ctx.resolve(step.to));
    const message = String(ctx.resolve(step.message));
    const subject = step.subject
      ? String(ctx.resolve(step.subject))
      : `${ctx.workflowName ?? 'Workflow'}: ${step.name}`;
    const id = randomUUID();
    ctx.notify({ id, to, subject: subject.slice(0, 500), body: message });
    const shown =
      message.length > 500 ? `${message.slice(0, 500)}… (${message.length} characters)` : message;
    await ctx.log(
      'INFO',
      `Sent ${step.channel ?? 'email'} notification to ${to}, subject "${subject}": ${shown}`,
    );
    return { messageId: id, to, subject, channel: step.channel ?? 'email' };
  },
};
