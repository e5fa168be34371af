/** A routed screen: its element, its title, and how to leave it cleanly. */
export interface Screen {
  root: HTMLElement;
  title: string;
  destroy(): void;
}
