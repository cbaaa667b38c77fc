/**
 * Reading QR codes with the phone's camera (issue 36): the browser's own `BarcodeDetector`
 * where it has one (Android's Chrome), else jsQR on the video's frames, loaded only then. A
 * code held in front of the camera is reported once, not on every frame, until another code is
 * read or it has been away for a moment.
 */

/** How often a frame is looked at: enough for a queue at a door, light on a cheap phone. */
const EVERY_MS = 150;
/** The same code is reported again only after it was away this long. */
const SAME_CODE_MS = 2_500;
/** Frames are read at most this wide (jsQR's cost grows with the pixels). */
const READ_WIDTH = 640;

type Read = (frame: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

async function reader(): Promise<Read> {
  const Native = (window as unknown as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const scale = Math.min(1, READ_WIDTH / (video.videoWidth || READ_WIDTH));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    if (!canvas.width || !canvas.height) return null;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** Starts the back camera into `video`; `onCode` hears each code read. Answers the stop. */
export async function startCamera(video: HTMLVideoElement, onCode: (text: string) => void): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  video.muted = true;
  video.setAttribute('playsinline', '');
  await video.play();
  const read = await reader();
  const canvas = document.createElement('canvas');
  let stopped = false;
  let last = '';
  let lastSeen = 0;
  const tick = async () => {
    if (stopped) return;
    try {
      const text = video.readyState >= 2 ? await read(video, canvas) : null;
      const now = Date.now();
      if (text) {
        if (text !== last || now - lastSeen > SAME_CODE_MS) onCode(text);
        last = text;
        lastSeen = now;
      }
    } catch (error) {
      console.warn('could not read a frame', error);
    }
    if (!stopped) window.setTimeout(() => void tick(), EVERY_MS);
  };
  void tick();
  return () => {
    stopped = true;
    stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
}
