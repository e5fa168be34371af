// The stage the three 3-D tables (ice3d.ts, speedy3d.ts, leaning3d.ts)
// are drawn on: the WebGL canvas in its host, the scene with its sky, the
// light (an even ambient and one sun), the camera, and the canvas kept as
// wide as the host (and as tall as the host when the page gives it a
// height, issue 24) as the page resizes. What is on the table, the orbit
// controls and the drawing loop stay each table's own.

import { AmbientLight, Color, DirectionalLight, PerspectiveCamera, Scene, WebGLRenderer } from 'three';

export interface StageOptions {
  /** The canvas's class, and what it is in words (screen readers). */
  canvasClass: string;
  label: string;
  sky: string;
  ambient: number;
  sun: { intensity: number; at: [number, number, number] };
  camera: { fov: number; far: number };
  /** The canvas's height (CSS pixels) for a host `w` wide that is given no height. */
  height: (w: number) => number;
}

export interface Stage {
  readonly renderer: WebGLRenderer;
  readonly canvas: HTMLCanvasElement;
  readonly scene: Scene;
  readonly camera: PerspectiveCamera;
  /** Sizes the canvas and the camera now and whenever the host resizes,
   *  then calls `after` (a table that frames its pieces reframes them). */
  watchSize(after?: () => void): void;
  /** Stops watching the size, frees the renderer and takes the canvas out. */
  dispose(): void;
}

export function createStage(host: HTMLElement, o: StageOptions): Stage {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio));
  const canvas = renderer.domElement;
  canvas.setAttribute('aria-label', o.label);
  canvas.classList.add(o.canvasClass);
  host.append(canvas);

  const scene = new Scene();
  scene.background = new Color(o.sky);
  scene.add(new AmbientLight(0xffffff, o.ambient));
  const sun = new DirectionalLight(0xffffff, o.sun.intensity);
  sun.position.set(...o.sun.at);
  scene.add(sun);

  const camera = new PerspectiveCamera(o.camera.fov, 1, 1, o.camera.far);
  let observer: ResizeObserver | null = null;

  return {
    renderer,
    canvas,
    scene,
    camera,
    watchSize(after) {
      const resize = () => {
        const w = host.clientWidth || 600;
        // A host the page gives a height (the fitted table, issue 24) is
        // filled; otherwise the canvas picks one from the width.
        const fixed = host.dataset.fill === 'true' ? host.clientHeight : 0;
        const h = fixed >= 120 ? fixed : o.height(w);
        renderer.setSize(w, h, false);
        canvas.style.width = '100%';
        canvas.style.height = `${h}px`;
        camera.aspect = w / h;
        camera.updateProjectionMatrix();
        after?.();
      };
      observer = new ResizeObserver(resize);
      observer.observe(host);
      resize();
    },
    dispose() {
      observer?.disconnect();
      renderer.dispose();
      canvas.remove();
    },
  };
}
