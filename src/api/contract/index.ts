/** The spec as code: every resource, request and error body, written once for console and platform. */
export * from './common';
export * from './errors';
export * from './datastores';
export * from './datasets';
export * from './people';
export * from './access';
export * from './streams';
export * from './exports';
export * from './calculated-fields';
export * from './filesets';
export * from './files';
export * from './generation';
export * from './workflows';
export * from './gateway';
export * from './column-values';
export * from './prompt-template';
export * from './audit';
