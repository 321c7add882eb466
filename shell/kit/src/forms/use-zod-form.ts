import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** What `useZodForm` takes besides the schema: react-hook-form's `useForm` options without `resolver` (the schema is the one). */
export type ZodFormOptions<Input extends FieldValues, Output> = Omit<UseFormProps<Input, unknown, Output>, 'resolver'>;

/**
 * The one way a Pitwall form is made: react-hook-form's `useForm` validated by `schema` (a contract's
 * body or the form's own schema), so the schema's messages land on the fields as `formState.errors`
 * and `handleSubmit` hands on the schema's output (numbers parsed, texts trimmed), never the raw input.
 * The fields are typed by the schema's input, the submit by its output.
 * Options are `useForm`'s (`defaultValues`, `values`, …) on its defaults: validated on submit, then
 * again on each change of a field that was refused, so an error clears as the user corrects it.
 */
export function useZodForm<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, options?: ZodFormOptions<Input, Output>): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}
