/** Every alerts query starts with this key: a retry, a cancel, a template or a campaign change refreshes them. */
export const alertsKey = ['alerts'] as const;
