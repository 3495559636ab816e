/**
 * /admin/bank-statements ("Pangaväljavõte", issue "Collect"): import a bank statement (camt.053/054 XML or a
 * Swedbank, SEB or LHV CSV export); the API matches each incoming payment to a booking by its reference number and
 * records it. The upload's outcome shows here, under it the payments that wait for an admin (the review list) and
 * the imports so far. The review list's search and page, and the imports' page, live in the URL.
 */
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { reviewListQuerySchema, type StatementImportResult } from '../../../../lib/bank-statements';
import { pagingParams } from '../../../../lib/list-query';
import { useListState } from '../../list-state';
import { useLocation } from '../../router';
import { BACK_TO_BOOKINGS, ScreenHeader } from '../../shell';
import { UploadOutcome } from './import-result';
import { ImportsList } from './imports-list';
import { ReviewList } from './review-list';
import { UploadForm } from './upload-form';

const screenQuerySchema = z.extend(reviewListQuerySchema, { importsPage: pagingParams.page });

export default function BankStatements() {
  const location = useLocation();
  const [query, setQuery] = useListState(screenQuerySchema, location);
  const [result, setResult] = useState<StatementImportResult | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // A new outcome on screen: the focus goes to its heading, so a screen reader reads it next.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const { importsPage, ...reviewQuery } = query;

  return (
    <>
      <ScreenHeader
        title="Pangaväljavõte"
        intro="Impordi panga väljavõte: laekumised seotakse broneeringutega viitenumbri järgi ja kantakse maksetesse."
        back={BACK_TO_BOOKINGS}
      />

      <div className="mt-8 space-y-10">
        <UploadForm onImported={setResult} />
        {result && <UploadOutcome result={result} headingRef={resultHeading} />}
        <ReviewList query={reviewQuery} onQueryChange={(patch, options) => setQuery(patch, options)} />
        <ImportsList page={importsPage} onPageChange={(page) => setQuery({ importsPage: page, page: query.page })} />
      </div>
    </>
  );
}
