/**
 * A signature drawn on screen with a finger, a pen or the mouse (pointer events cover all three;
 * touch-action none keeps a finger from scrolling the page instead), cleared with a button, sent as
 * a PNG data URL with the signer's name.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { canvasPoint, hasInk, type Point } from './signaturePadLogic';

const WIDTH = 600;
const HEIGHT = 180;

interface Props {
  /** 'Customer' or 'Worker': names the pad and its inputs. */
  who: string;
  signing: boolean;
  onSign: (signed: { signer_name: string; signature_image: string }, done: () => void) => void;
  onProblem: (text: string) => void;
}

export function SignaturePad({ who, signing, onSign, onProblem }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef(false);
  const [name, setName] = useState('');
  const [inked, setInked] = useState(false);

  const pointOf = (e: PointerEvent<HTMLCanvasElement>) => canvasPoint(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY, WIDTH, HEIGHT);

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    strokes.current.push([pointOf(e)]);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const stroke = strokes.current[strokes.current.length - 1];
    const p = pointOf(e);
    const last = stroke[stroke.length - 1];
    stroke.push(p);
    const g = e.currentTarget.getContext('2d');
    if (!g) return;
    g.strokeStyle = '#102a43';
    g.lineWidth = 2.5;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.beginPath();
    g.moveTo(last.x, last.y);
    g.lineTo(p.x, p.y);
    g.stroke();
  };
  const up = () => {
    drawing.current = false;
    setInked(hasInk(strokes.current));
  };

  const clear = () => {
    strokes.current = [];
    setInked(false);
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
  };

  const sign = () => {
    if (!name.trim()) return onProblem(`Please enter the ${who.toLowerCase()}'s name`);
    if (!inked || !canvas.current) return onProblem('Please sign in the box first');
    onSign({ signer_name: name.trim(), signature_image: canvas.current.toDataURL('image/png') }, () => {
      clear();
      setName('');
    });
  };

  return (
    <Paper withBorder p={6} data-pad={who}>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        aria-label={`${who} signature pad`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        style={{ width: '100%', maxWidth: WIDTH, aspectRatio: `${WIDTH} / ${HEIGHT}`, border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 4, touchAction: 'none', background: '#fff', cursor: 'crosshair', display: 'block' }}
      />
      <Group gap="xs" mt={4} align="end">
        <TextInput size="xs" label={`${who} name`} value={name} onChange={(e) => setName(e.currentTarget.value)} style={{ flex: 1, maxWidth: 260 }} />
        <Button size="xs" variant="default" onClick={clear}>
          Clear
        </Button>
        <Button size="xs" onClick={sign} loading={signing} data-testid={`sign-${who.toLowerCase()}`}>
          Sign as {who.toLowerCase()}
        </Button>
      </Group>
    </Paper>
  );
}
