import { useCallback, useState } from 'react';
import type { LatLon } from '../listLogic';

/**
 * The device's position, asked for only when the user wants distances (spec 1 reads it once when
 * the list opens; here it is read when it has a visible use, and once per ask).
 */
export function useDevicePosition() {
  const [position, setPosition] = useState<LatLon | null>(null);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = useCallback(() => {
    setError(null);
    if (!('geolocation' in navigator)) {
      setError('This browser cannot tell where it is, so distances cannot be shown.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude });
      },
      (e) => {
        setLocating(false);
        setError(
          e.code === e.PERMISSION_DENIED
            ? 'Distances need this device\'s position, and the browser was not allowed to share it.'
            : `This device's position is not available (${e.message || 'no answer'}), so distances cannot be shown.`,
        );
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  }, []);

  const forget = useCallback(() => setPosition(null), []);
  const clearError = useCallback(() => setError(null), []);
  return { position, locating, error, locate, forget, clearError };
}
