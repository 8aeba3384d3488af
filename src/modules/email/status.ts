import { EMAIL_JOB_STATUSES, type EmailJobStatus } from '../../lib/db/schema.ts';
import { statusMachine } from '../../lib/state-machine.ts';

export { EMAIL_JOB_STATUSES, type EmailJobStatus };

/** A mail's statuses: written pending, then sent, or failed once it is given up. */
export const emailJobMachine = statusMachine({
  object: 'email',
  statuses: EMAIL_JOB_STATUSES,
  transitions: {
    pending: ['sent', 'failed'],
    sent: [],
    failed: [],
  },
});
