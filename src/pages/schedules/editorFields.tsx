// How the editor's inputs show their messages: a field's rule message appears under it once the
// field was touched (or after a try to save an invalid form); a server message appears at once.
import { createContext, useContext } from 'react';
import { useTranslate } from 'react-admin';
import type { FormErrors } from './scheduleForm';

export interface FieldState {
  errors: FormErrors;
  server: Record<string, string>;
  touched: ReadonlySet<string>;
  showAll: boolean;
  touch: (path: string) => void;
}

export const FieldStateContext = createContext<FieldState>({ errors: {}, server: {}, touched: new Set(), showAll: false, touch: () => undefined });

/** The visible message of a path, translated, or undefined. */
export function useFieldMessage() {
  const state = useContext(FieldStateContext);
  const translate = useTranslate();
  return (path: string): string | undefined => {
    const rule = state.errors[path];
    if (rule && (state.showAll || state.touched.has(path))) return translate(rule.key, rule.args);
    return state.server[path];
  };
}

/** Props for an MUI TextField bound to a path: error state, the message under it, touch on blur. */
export function useFieldProps() {
  const state = useContext(FieldStateContext);
  const message = useFieldMessage();
  return (path: string, hint?: string) => {
    const text = message(path);
    return { error: !!text, helperText: text ?? hint ?? ' ', onBlur: () => state.touch(path) };
  };
}

export const useTouch = () => useContext(FieldStateContext).touch;
