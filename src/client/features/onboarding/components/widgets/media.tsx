import type { MediaItem } from '@shared/content-schema';
import { extractYouTubeId } from '@shared/youtube';
import ImageOff from 'lucide-react/icons/image-off';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/cn';
import { type LoadState, useLoadState } from '../../hooks/use-load-state';

type MediaKind = MediaItem['type'];
type MediaSize = MediaItem['size'];

/** The texts of each media state (docs/product.md#exact-texts). */
export const MEDIA_TEXTS: Record<MediaKind, { loading: string; failed: string; failedMessage: string }> = {
  youtube: {
    loading: 'Loading YouTube video...',
    failed: 'Could not load YouTube video',
    failedMessage: 'Please check the URL or try again later.',
  },
  image: {
    loading: 'Loading image...',
    failed: 'Could not load image',
    failedMessage: 'Please check the URL or try again later.',
  },
  video: {
    loading: 'Loading video...',
    failed: 'Could not load video',
    failedMessage: 'The video may be unavailable or the link might be broken.',
  },
};

/** The slow-load texts (docs/product.md#exact-texts), shown after 8 s of loading. */
export const SLOW_TEXTS = {
  title: 'Taking longer than expected...',
  message: 'Please check your connection or try again later.',
} as const;

/**
 * How wide each of the eight sizes is (docs/product.md#step-widgets): full = the content column; text = a text column;
 * small / medium / large = 20 / 28 / 42 rem; banner = full width, at most 12 rem high, cropped; stretch = full width,
 * the picture stretched to the box; fit = the picture's own size, never wider than the column.
 */
export const MEDIA_SIZE_CLASSES: Record<MediaSize, string> = {
  full: 'w-full',
  text: 'w-full max-w-prose',
  small: 'w-full max-w-xs',
  medium: 'w-full max-w-md',
  large: 'w-full max-w-2xl',
  banner: 'w-full',
  stretch: 'w-full',
  fit: 'w-fit max-w-full',
};

/** How a picture fills its box at each size. */
const OBJECT_FIT: Record<MediaSize, string> = {
  full: 'object-contain',
  text: 'object-contain',
  small: 'object-contain',
  medium: 'object-contain',
  large: 'object-contain',
  banner: 'object-cover',
  stretch: 'object-fill',
  fit: 'object-contain',
};

/** The CSS `aspect-ratio` of a media item ("16/9" → "16 / 9"), and the banner's height limit. */
function boxStyle(item: Pick<MediaItem, 'aspectRatio' | 'size'>): CSSProperties {
  if (item.size === 'fit') return {};
  return {
    aspectRatio: item.aspectRatio.replace('/', ' / '),
    ...(item.size === 'banner' ? { maxHeight: '12rem' } : {}),
  };
}

/**
 * The overlay of a media item while it loads, after 8 s, and when it failed (docs/product.md#step-widgets,
 * docs/product.md#exact-texts). Where large text makes its message taller than the box, it scrolls inside the box
 * (from its top) rather than being cut off or widening the box.
 */
export function MediaStatus({
  kind,
  state,
  link,
}: {
  kind: MediaKind;
  state: LoadState;
  link?: { href: string; text: string } | undefined;
}) {
  if (state === 'loaded') return null;
  const texts = MEDIA_TEXTS[kind];
  if (state === 'failed') {
    return (
      <div
        role="alert"
        className="absolute inset-0 flex flex-col items-center justify-center-safe gap-1.5 overflow-y-auto bg-slate-100 p-4 text-center"
      >
        <TriangleAlert aria-hidden="true" className="size-7 text-red-700" />
        <p className="font-semibold text-slate-900">{texts.failed}</p>
        <p className="text-sm text-slate-700">{texts.failedMessage}</p>
        {link ? (
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-blue-800 underline underline-offset-2"
          >
            {link.text}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    );
  }
  const slow = state === 'slow';
  return (
    <div
      role="status"
      className="absolute inset-0 flex flex-col items-center justify-center-safe gap-1.5 overflow-y-auto bg-slate-100 p-4 text-center"
    >
      <Spinner className="size-7 text-slate-600" />
      <p className="font-semibold text-slate-900">{slow ? SLOW_TEXTS.title : texts.loading}</p>
      {slow ? <p className="text-sm text-slate-700">{SLOW_TEXTS.message}</p> : null}
    </div>
  );
}

/** The sized, shaped box of a media item, with its state overlay. */
function MediaBox({
  item,
  state,
  link,
  children,
}: {
  item: MediaItem;
  state: LoadState;
  link?: { href: string; text: string } | undefined;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50',
        item.size === 'fit' && state !== 'loaded' && 'min-h-40 min-w-[min(16rem,100%)]',
      )}
      style={boxStyle(item)}
      data-state={state}
    >
      {children}
      <MediaStatus kind={item.type} state={state} link={link} />
    </div>
  );
}

/** The origin of the embedded YouTube player. */
export const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * How long a YouTube player has, from the moment its frame is added, to answer (docs/product.md#step-widgets): a
 * frame whose player never answers — YouTube blocked by the network, the frame replaced by the browser's error page —
 * counts as failed.
 */
export const YOUTUBE_ANSWER_MS = 20_000;

/** How often the player is asked to talk to the page until it answers. */
const LISTEN_INTERVAL_MS = 250;

/** The text of the link shown when a YouTube video could not be loaded. */
export const YOUTUBE_LINK_TEXT = 'Watch it on YouTube instead';

/** The player's message, if `data` is one: `{ event: 'onReady' | 'infoDelivery' | 'onError' | …, info }`. */
function playerMessage(data: unknown): { event: string } | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && 'event' in parsed && typeof parsed.event === 'string'
      ? { event: parsed.event }
      : null;
  } catch {
    return null;
  }
}

/**
 * A YouTube video through youtube-nocookie.com; an address without a valid 11-character id fails at once
 * (docs/product.md#step-widgets). The frame's own load event says nothing (the browser's error page loads too), so
 * the video counts as loaded only once the player answers the page through the player API's messages (`enablejsapi`),
 * and as failed when the player reports an error (a removed, private or not embeddable video) or has not answered
 * within {@link YOUTUBE_ANSWER_MS}. A failed video offers a link to watch it on YouTube.
 */
export function YouTubeMedia({ item }: { item: MediaItem }) {
  const id = extractYouTubeId(item.src);
  const { state, onLoad, onError } = useLoadState(id === '');
  const frame = useRef<HTMLIFrameElement>(null);
  const [frameLoaded, setFrameLoaded] = useState(false);
  const answered = state === 'loaded' || state === 'failed';

  useEffect(() => {
    if (answered) return undefined;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_PLAYER_ORIGIN || event.source !== frame.current?.contentWindow) return;
      const message = playerMessage(event.data);
      if (message === null) return;
      if (message.event === 'onError') onError();
      else onLoad();
    };
    window.addEventListener('message', onMessage);
    const giveUp = setTimeout(onError, YOUTUBE_ANSWER_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(giveUp);
    };
  }, [answered, onLoad, onError]);

  // The player starts talking once asked: the "listening" message of the player API, repeated until it answers.
  useEffect(() => {
    if (!frameLoaded || answered) return undefined;
    const ask = () =>
      frame.current?.contentWindow?.postMessage(
        JSON.stringify({ event: 'listening', id, channel: 'widget' }),
        YOUTUBE_PLAYER_ORIGIN,
      );
    ask();
    const timer = setInterval(ask, LISTEN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [frameLoaded, answered, id]);

  const watchUrl = id ? `https://www.youtube.com/watch?v=${id}` : /^https:\/\//u.test(item.src) ? item.src : undefined;
  return (
    <MediaBox
      item={{ ...item, size: item.size === 'fit' ? 'full' : item.size }}
      state={state}
      link={watchUrl === undefined ? undefined : { href: watchUrl, text: YOUTUBE_LINK_TEXT }}
    >
      {id ? (
        <iframe
          ref={frame}
          src={`${YOUTUBE_PLAYER_ORIGIN}/embed/${id}?rel=0&enablejsapi=1`}
          title={item.title ?? item.alt ?? 'YouTube video'}
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={() => setFrameLoaded(true)}
          className={cn('absolute inset-0 size-full border-0', state === 'failed' && 'invisible')}
        />
      ) : null}
    </MediaBox>
  );
}

/** An image with its loading, slow and failed states. */
export function ImageMedia({ item }: { item: MediaItem }) {
  const { state, onLoad, onError } = useLoadState();
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image already in the cache may have finished before React listened.
    const img = ref.current;
    if (img?.complete && img.naturalWidth > 0) onLoad();
  }, [onLoad]);
  return (
    <MediaBox item={item} state={state}>
      <img
        ref={ref}
        src={item.src}
        alt={item.alt ?? item.title ?? ''}
        onLoad={onLoad}
        onError={onError}
        className={cn(
          item.size === 'fit' ? 'block h-auto max-w-full' : `absolute inset-0 size-full ${OBJECT_FIT[item.size]}`,
          state !== 'loaded' && 'invisible',
        )}
      />
    </MediaBox>
  );
}

/**
 * A looping, muted video (docs/product.md#step-widgets), with controls to pause it; it does not start by itself under
 * reduced motion.
 */
export function VideoMedia({ item }: { item: MediaItem }) {
  const { state, onLoad, onError } = useLoadState();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <MediaBox item={{ ...item, size: item.size === 'fit' ? 'full' : item.size }} state={state}>
      <video
        src={item.src}
        aria-label={item.alt ?? item.title ?? 'Video'}
        autoPlay={!reducedMotion}
        loop
        muted
        playsInline
        controls
        preload="auto"
        onLoadedData={onLoad}
        onError={onError}
        className={cn('absolute inset-0 size-full bg-black object-contain', state !== 'loaded' && 'invisible')}
      />
    </MediaBox>
  );
}

/** One image of a gallery: a broken one is replaced by 'Image failed to load' (docs/product.md#step-widgets). */
function GalleryImage({ item }: { item: MediaItem }) {
  const { state, onLoad, onError } = useLoadState();
  return (
    <figure className="space-y-1.5">
      <div
        className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
        style={{ aspectRatio: item.aspectRatio.replace('/', ' / ') }}
      >
        {state === 'failed' ? (
          <div
            role="img"
            aria-label={`Image failed to load${item.alt ? `: ${item.alt}` : ''}`}
            className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 text-slate-600"
          >
            <ImageOff aria-hidden="true" className="size-6" />
            <span className="text-sm font-medium">Image failed to load</span>
          </div>
        ) : (
          <>
            <img
              src={item.src}
              alt={item.alt ?? item.title ?? ''}
              loading="lazy"
              onLoad={onLoad}
              onError={onError}
              className={cn('absolute inset-0 size-full object-cover', state !== 'loaded' && 'invisible')}
            />
            {state !== 'loaded' ? (
              <div className="absolute inset-0 flex items-center justify-center">
                <Spinner className="size-6 text-slate-500" />
                <span className="sr-only">{MEDIA_TEXTS.image.loading}</span>
              </div>
            ) : null}
          </>
        )}
      </div>
      {item.title ? <figcaption className="text-xs text-slate-600">{item.title}</figcaption> : null}
    </figure>
  );
}

/** Several images side by side (docs/product.md#step-widgets: "image galleries"). */
export function ImageGallery({ items }: { items: readonly MediaItem[] }) {
  return (
    <div
      className={cn('grid gap-3', items.length === 2 ? 'grid-cols-2' : 'grid-cols-2 md:grid-cols-3')}
      data-testid="image-gallery"
    >
      {items.map((item, i) => (
        <GalleryImage key={`${item.src}-${i}`} item={item} />
      ))}
    </div>
  );
}

/**
 * One media item with its title, and for an image with `text`, that text beside it (docs/product.md#step-widgets:
 * "optional side text").
 */
export function MediaItemView({ item }: { item: MediaItem }) {
  const media =
    item.type === 'youtube' ? (
      <YouTubeMedia item={item} />
    ) : item.type === 'video' ? (
      <VideoMedia item={item} />
    ) : (
      <ImageMedia item={item} />
    );
  const sized = <div className={MEDIA_SIZE_CLASSES[item.size]}>{media}</div>;
  if (item.type === 'image' && item.text) {
    return (
      <figure className="grid items-center gap-4 md:grid-cols-2">
        {sized}
        <figcaption className="space-y-1.5">
          {item.title ? <p className="font-semibold text-slate-900">{item.title}</p> : null}
          <p>{item.text}</p>
        </figcaption>
      </figure>
    );
  }
  return (
    <figure className="space-y-1.5">
      {sized}
      {item.title ? <figcaption className="text-xs text-slate-600">{item.title}</figcaption> : null}
    </figure>
  );
}

/**
 * Groups a step's media for display: consecutive images without side text become one gallery; everything else
 * stands alone.
 */
export function groupMedia(
  media: readonly MediaItem[],
): ({ kind: 'item'; item: MediaItem } | { kind: 'gallery'; items: MediaItem[] })[] {
  const groups: ({ kind: 'item'; item: MediaItem } | { kind: 'gallery'; items: MediaItem[] })[] = [];
  let run: MediaItem[] = [];
  const flush = () => {
    if (run.length === 1 && run[0]) groups.push({ kind: 'item', item: run[0] });
    else if (run.length > 1) groups.push({ kind: 'gallery', items: run });
    run = [];
  };
  for (const item of media) {
    if (item.type === 'image' && !item.text) {
      run.push(item);
      continue;
    }
    flush();
    groups.push({ kind: 'item', item });
  }
  flush();
  return groups;
}

/**
 * A step's media items (docs/product.md#step-widgets: "optional media items"): YouTube, images, galleries and looping
 * videos.
 */
export function MediaList({ media }: { media: readonly MediaItem[] }) {
  return (
    <div className="space-y-5">
      {groupMedia(media).map((group, i) =>
        group.kind === 'gallery' ? (
          <ImageGallery key={i} items={group.items} />
        ) : (
          <MediaItemView key={i} item={group.item} />
        ),
      )}
    </div>
  );
}
