import { Navigate } from 'react-router';
import { useConnection } from '../api/use-connection';

/** The start page: the first connected chatbot's listings, or Connection when there is none. */
export function HomeRedirect() {
  const connection = useConnection();
  const first = connection.chatbotIds[0];
  return <Navigate to={first ? `/bots/${encodeURIComponent(first)}/listings` : '/connection'} replace />;
}
