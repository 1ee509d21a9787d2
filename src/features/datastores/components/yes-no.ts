export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
