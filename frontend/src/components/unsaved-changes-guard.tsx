import { useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { DiscardChangesModal } from '@/components/discard-changes-modal';
import { paths } from '@/lib/paths';

/**
 * Leaving the page is a different path (a link, the sidebar, the browser's Back). A change of the search or hash
 * only (a tab or a filter kept in the address) keeps the page and its form. Sign-in is never held up: logout, a 401
 * and the inactivity timeout end the session whatever the form holds.
 */
const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== paths.login;

/** Mounted only while there is something to lose: React Router consults one blocker at a time (the newest). */
function LeaveBlocker() {
  const blocker = useBlocker(leavesPage);

  useEffect(() => {
    // A reload, a closed tab or a typed address: the browser asks with its own words (it shows no custom text).
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chrome before 119 and older Safari ask only when returnValue is set as well.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  return <DiscardChangesModal open={blocker.state === 'blocked'} onKeep={() => blocker.reset?.()} onDiscard={() => blocker.proceed?.()} />;
}

/**
 * While `when` holds (a form has unsaved edits), leaving the page asks 'Discard changes?' first: navigation inside
 * the app through React Router's blocker, a reload or a closed tab through the browser's beforeunload question.
 * Needs a data router (createBrowserRouter).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  return when ? <LeaveBlocker /> : null;
}
