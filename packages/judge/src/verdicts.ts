// The verdict vocabulary is @frontier/core's; re-exported here for the judge's own modules.
export { VERDICTS, verdictCode, failureClassOf, type Verdict, type FailureClass } from '@frontier/core';
