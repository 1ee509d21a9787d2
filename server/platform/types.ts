/** The tokens the embedded platform accepts (from the env, or generated once into DATA_DIR). */
export interface PlatformTokens {
  developer: string;
  session: string;
  access: string;
}

export interface EmbeddedPlatform {
  /** Base URL of the platform's HTTP listener on 127.0.0.1, e.g. http://127.0.0.1:40123 */
  url: string;
  tokens: PlatformTokens;
  /** Stops the listener, finishes background jobs and closes the store; loses nothing acknowledged. */
  close(): Promise<void>;
}
