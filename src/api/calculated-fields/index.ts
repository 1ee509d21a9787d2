export * from './keys';
export * from './search-calculated-fields';
export * from './get-calculated-field-statistics';
export * from './get-calculated-field';
export * from './set-calculated-field-locked';
export * from './set-calculated-fields-locked';
export * from './edit-calculated-field-expression';
export * from './get-cards';
