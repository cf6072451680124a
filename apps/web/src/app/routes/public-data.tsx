import type { HomeData } from '@portal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLanding } from '../../features/site/api/get-landing.ts';
import type { SectionImages } from '../../features/site/landing-defaults.ts';
import { useProfile } from '../../lib/queries/get-profile.ts';
import { useConfig } from '../../lib/public-config.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session.ts';

export interface PublicDataProps {
  onImages: (images: SectionImages) => void;
  /** The live network and programs (already in the page when the server sent it). */
  onHome: (home: HomeData) => void;
  /** Signed in: whether the user is a client (Contact Us is for visitors and clients only). */
  onClient: (isClient: boolean) => void;
}

/**
 * What the public pages ask the API, loaded after the page has shown (it brings the API client,
 * the schemas and the query cache): the maintenance flag, the section images, and who is signed in.
 */
export default function PublicData(props: PublicDataProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Data {...props} />
    </QueryClientProvider>
  );
}

function Data({ onImages, onHome, onClient }: PublicDataProps) {
  useConfig();
  const landing = useLanding();
  const profile = useProfile();
  const signedIn = useSession() !== null;
  useEffect(() => {
    if (landing.data) {
      onImages(landing.data.images);
      onHome(landing.data.home);
    }
  }, [landing.data, onImages, onHome]);
  useEffect(() => {
    if (signedIn && profile.data) onClient(profile.data.is_client);
  }, [signedIn, profile.data, onClient]);
  return null;
}
