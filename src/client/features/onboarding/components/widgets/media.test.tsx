import { mediaItemSchema } from '@shared/content-schema';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MEDIA_SIZE_CLASSES, MediaList, YOUTUBE_ANSWER_MS, YOUTUBE_PLAYER_ORIGIN, groupMedia } from './media';

const item = (fields: Record<string, unknown>) => mediaItemSchema.parse(fields);
const VALID_YOUTUBE = 'https://www.youtube.com/watch?v=8K9Gg164Bsw';

/** A message of the YouTube player in `frame` to the page, as the player API sends it. */
function playerSays(frame: HTMLElement, message: Record<string, unknown>) {
  const source = frame instanceof HTMLIFrameElement ? frame.contentWindow : null;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify(message), origin: YOUTUBE_PLAYER_ORIGIN, source }),
    );
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('image', () => {
  it('shows loading, then after 8 s the slow message, then the image once loaded', () => {
    vi.useFakeTimers();
    render(<MediaList media={[item({ type: 'image', src: '/content/images/team.svg', alt: 'The team' })]} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading image...');
    advance(7999);
    expect(screen.getByText('Loading image...')).toBeInTheDocument();
    advance(1);
    expect(screen.getByText('Taking longer than expected...')).toBeInTheDocument();
    expect(screen.getByText('Please check your connection or try again later.')).toBeInTheDocument();
    expect(screen.queryByText('Loading image...')).not.toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'The team' })).toHaveClass('invisible');
    fireEvent.load(screen.getByRole('img', { name: 'The team' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The team' })).not.toHaveClass('invisible');
  });

  it('shows the failed state when the image cannot load', () => {
    render(<MediaList media={[item({ type: 'image', src: '/content/images/missing.png', alt: 'Missing' })]} />);
    fireEvent.error(screen.getByRole('img', { name: 'Missing' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Could not load image')).toBeInTheDocument();
    expect(within(alert).getByText('Please check the URL or try again later.')).toBeInTheDocument();
  });

  it('shows its side text and title beside it', () => {
    render(
      <MediaList
        media={[
          item({ type: 'image', src: '/a.svg', alt: 'A', title: 'Welcome to the team', text: 'Everyone belongs.' }),
        ]}
      />,
    );
    const figure = screen.getByRole('figure');
    expect(within(figure).getByText('Welcome to the team')).toBeInTheDocument();
    expect(within(figure).getByText('Everyone belongs.')).toBeInTheDocument();
  });

  it('uses the aspect ratio (default 16/9) and the size', () => {
    render(
      <MediaList
        media={[
          item({ type: 'image', src: '/a.svg', alt: 'Default', text: 'a' }),
          item({ type: 'image', src: '/b.svg', alt: 'Square small', aspectRatio: '1/1', size: 'small', text: 'b' }),
        ]}
      />,
    );
    const box = (name: string) => screen.getByRole('img', { name }).parentElement as HTMLElement;
    expect(box('Default').style.aspectRatio).toBe('16 / 9');
    expect(box('Default').parentElement).toHaveClass('w-full');
    expect(box('Square small').style.aspectRatio).toBe('1 / 1');
    expect(box('Square small').parentElement).toHaveClass('max-w-xs');
  });

  it('has a width rule for each of the eight sizes', () => {
    expect(Object.keys(MEDIA_SIZE_CLASSES).sort()).toEqual(
      ['banner', 'fit', 'full', 'large', 'medium', 'small', 'stretch', 'text'].sort(),
    );
  });
});

describe('YouTube', () => {
  it('embeds a valid video through youtube-nocookie.com and shows loading until the player loads', () => {
    vi.useFakeTimers();
    render(<MediaList media={[item({ type: 'youtube', src: VALID_YOUTUBE, title: 'A talk' })]} />);
    const frame = screen.getByTitle('A talk');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/8K9Gg164Bsw?rel=0&enablejsapi=1');
    expect(screen.getByText('Loading YouTube video...')).toBeInTheDocument();
    advance(8000);
    expect(screen.getByText('Taking longer than expected...')).toBeInTheDocument();
    fireEvent.load(frame);
    playerSays(frame, { event: 'onReady' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not loaded by the frame alone: a player that never answers (YouTube blocked) fails, with a link to YouTube', () => {
    vi.useFakeTimers();
    render(<MediaList media={[item({ type: 'youtube', src: VALID_YOUTUBE, title: 'A talk' })]} />);
    const frame = screen.getByTitle('A talk');
    // The browser's error page loads too: the load event proves nothing.
    fireEvent.load(frame);
    // A message from another origin or another frame is not the player's.
    window.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify({ event: 'onReady' }), origin: 'https://evil.example' }),
    );
    advance(YOUTUBE_ANSWER_MS);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Could not load YouTube video')).toBeInTheDocument();
    expect(within(alert).getByText('Please check the URL or try again later.')).toBeInTheDocument();
    const link = within(alert).getByRole('link', { name: /^Watch it on YouTube instead ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=8K9Gg164Bsw');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('fails when the player reports an error (a removed, private or not embeddable video)', () => {
    render(<MediaList media={[item({ type: 'youtube', src: VALID_YOUTUBE, title: 'A talk' })]} />);
    const frame = screen.getByTitle('A talk');
    fireEvent.load(frame);
    playerSays(frame, { event: 'onError', info: 150 });
    expect(within(screen.getByRole('alert')).getByText('Could not load YouTube video')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Watch it on YouTube instead/ })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=8K9Gg164Bsw',
    );
  });

  it('fails at once when the video id is not 11 characters', () => {
    render(
      <MediaList
        media={[item({ type: 'youtube', src: 'https://www.youtube.com/watch?v=tooShort', title: 'Broken' })]}
      />,
    );
    expect(screen.queryByTitle('Broken')).not.toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Could not load YouTube video')).toBeInTheDocument();
    expect(within(alert).getByText('Please check the URL or try again later.')).toBeInTheDocument();
  });
});

describe('video', () => {
  it('is a looping muted video with controls that shows loading, slow and failed states', () => {
    vi.useFakeTimers();
    const { container } = render(
      <MediaList media={[item({ type: 'video', src: '/content/clip.mp4', alt: 'A clip' })]} />,
    );
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('loop');
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video).toHaveAttribute('controls');
    expect(screen.getByText('Loading video...')).toBeInTheDocument();
    advance(8000);
    expect(screen.getByText('Taking longer than expected...')).toBeInTheDocument();
    fireEvent.error(video);
    expect(screen.getByText('Could not load video')).toBeInTheDocument();
    expect(screen.getByText('The video may be unavailable or the link might be broken.')).toBeInTheDocument();
  });

  it('shows the video once its data has loaded', () => {
    const { container } = render(<MediaList media={[item({ type: 'video', src: '/content/clip.mp4' })]} />);
    fireEvent.loadedData(container.querySelector('video') as HTMLVideoElement);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('gallery', () => {
  it('groups images without side text into a gallery and replaces a broken one', () => {
    const media = [
      item({ type: 'image', src: '/one.png', alt: 'One' }),
      item({ type: 'image', src: '/two.png', alt: 'Two' }),
      item({ type: 'youtube', src: VALID_YOUTUBE }),
      item({ type: 'image', src: '/three.png', alt: 'Three' }),
    ];
    expect(groupMedia(media).map((g) => g.kind)).toEqual(['gallery', 'item', 'item']);
    render(<MediaList media={media} />);
    const gallery = screen.getByTestId('image-gallery');
    fireEvent.load(within(gallery).getByRole('img', { name: 'One' }));
    fireEvent.error(within(gallery).getByRole('img', { name: 'Two' }));
    expect(within(gallery).getByText('Image failed to load')).toBeInTheDocument();
    expect(within(gallery).getByRole('img', { name: 'Image failed to load: Two' })).toBeInTheDocument();
    expect(within(gallery).getByRole('img', { name: 'One' })).not.toHaveClass('invisible');
  });
});
