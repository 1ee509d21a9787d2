/** A step failed for a reason its message says (no stack in the platform's log). */
export class StepFailure extends Error {}

/** The run was canceled (seen by a step that waits). */
export class Canceled extends Error {}

/** A reference to a value the run does not have. */
export class ReferenceError extends Error {}
