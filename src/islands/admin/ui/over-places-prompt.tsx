/**
 * The question an admin is asked when an edition has no places left for what they are doing (confirming a booking,
 * making one): the API's refusal with the places named, then "no" or "yes, past the places" (sent again with the
 * override; the prompt goes while the form sends it, and the form's own button shows the wait). One place for the
 * words and the two buttons, as a role=alert inside the form.
 */
import { Button } from './button';

export function OverPlacesPrompt(props: { refusal: string; question: string; no: string; yes: string; onNo: () => void; onYes: () => void; className?: string }) {
  return (
    <div role="alert" className={`rounded-2xl bg-rose-50 p-4 text-rose-950 ring-1 ring-rose-300 ${props.className ?? ''}`} data-retreat-full>
      <p className="font-semibold">{props.refusal}</p>
      <p className="mt-1 text-sm">{props.question}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="outline" size="sm" onPress={props.onNo}>
          {props.no}
        </Button>
        <Button variant="danger" size="sm" onPress={props.onYes}>
          {props.yes}
        </Button>
      </div>
    </div>
  );
}
