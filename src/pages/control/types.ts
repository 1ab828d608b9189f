// What the control page reads of GET /api/v2.1/locations/my/ (server/modules/locations/service.ts).

export interface ControlPlayground {
  id: number;
  name: string;
  /** The launcher's token; null until one is created. */
  uuid_token: string | null;
  /** Whether technical sessions may be started here at all. */
  tech_control: boolean;
  /** Until when the launcher accepts technical sessions; null or past means closed. */
  tech_sessions_access_expires_at: string | null;
}

export interface ControlLocation {
  id: number;
  name: string;
  city: string;
  timezone: string;
  playgrounds: ControlPlayground[];
}
