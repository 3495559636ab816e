/**
 * The booking form's "Maksmine" section before an edition is chosen: part of the form's first load (the server
 * renders it), while the plans themselves (./booking-plans) load only once there are editions to price.
 */
export const PLAN_LEGEND = 'Maksmine';

export function ChooseEditionFirst() {
  return (
    <fieldset className="space-y-3" data-booking-plans>
      <legend className="form-section-title">{PLAN_LEGEND}</legend>
      <p className="text-sm text-ink-600">Valige retriidi aeg: siis näete hinda ja maksmise viise.</p>
    </fieldset>
  );
}
