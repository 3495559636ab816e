/**
 * What stands under every admin field (text, select, date, combobox): its description and its error. Both reach the
 * field through React Aria's contexts (the description's slot, FieldError), so the field's aria-describedby names them.
 */
import { FieldError, Text } from 'react-aria-components';

export function FieldNotes({ description, errorMessage }: { description?: string; errorMessage?: string }) {
  return (
    <>
      {description && (
        <Text slot="description" className="text-xs text-ink-600">
          {description}
        </Text>
      )}
      <FieldError className="text-sm text-rose-800">{errorMessage}</FieldError>
    </>
  );
}
