export const gatewayKeys = {
  all: ['gateway'] as const,
  status: () => [...gatewayKeys.all, 'status'] as const,
};
