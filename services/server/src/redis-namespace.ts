/**
 * Every Redis key and pub/sub channel of Pitwall starts with its deployment's name
 * (`DEPLOYMENT_NAME`) and a colon, so deployments sharing one Redis never read each other's
 * sessions, counts or notifications. A deployment name holds only letters, digits, `_` and `-`
 * (config.ts), so no name's prefix is another's.
 *
 * @param deployment DEPLOYMENT_NAME, e.g. 'pitwall'
 * @returns the prefix, e.g. 'pitwall:'; keys are `<prefix><kind>:<id>` ('pitwall:session:…')
 */
export const redisNamespace = (deployment: string): string => `${deployment}:`;
