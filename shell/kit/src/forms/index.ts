/**
 * @pitwall/kit/forms: how a form is made (`useZodForm`) and the forms two remotes share (`AddIssueForm`).
 * An entry of its own: it imports react-hook-form and zod, which a first screen loads without
 * (`@pitwall/kit` stays free of them); a form, loaded on first use, imports this.
 */
export { useZodForm, type ZodFormOptions } from './use-zod-form';
export { AddIssueForm, type AddIssueFormProps, type RaceEventChoice } from './add-issue-form';
