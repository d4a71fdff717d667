import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Step } from '@shared/content-schema';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import AlertCircle from 'lucide-react/icons/circle-exclamation-point';
import GripVertical from 'lucide-react/icons/grip-vertical';
import { useEffect, useRef, useState } from 'react';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { Button } from '@/components/ui/button';
import { StepIcon } from '@/features/onboarding';
import { cn } from '@/lib/cn';

interface SortableStepsProps {
  /** The scope's title, for the list's name. */
  scopeTitle: string;
  /** The element id of step `index`'s 'Edit' button (focus returns there from the step's form). */
  editButtonId: (index: number) => string;
  steps: readonly Step[];
  /** How many problems each step has, by index. */
  problemCounts: readonly number[];
  selected: number | null;
  onSelect: (index: number) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
}

/**
 * The steps of a scope in their order, reordered by dragging a step's handle — with the pointer, or with the keyboard
 * (focus the handle, Space to pick up, arrow keys to move, Space to drop, Escape to cancel), each move announced
 * (dnd-kit; docs/decisions/024-content-studio-ui.md) — or with single clicks on a step's 'Move up' and 'Move down'
 * buttons, so that no one has to drag (WCAG 2.5.7 Dragging movements, docs/product.md#accessibility).
 */
export function SortableSteps({
  scopeTitle,
  editButtonId,
  steps,
  problemCounts,
  selected,
  onSelect,
  onRemove,
  onMove,
}: SortableStepsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Ids as dnd-kit and React see them: one per step object, which a move keeps (so the row, and the focus on its
  // handle, stay after a drop); a step's own id may be empty or repeated while it is being typed.
  const ids = steps.map(keyOf);
  const titleOf = (id: string | number) => steps[ids.indexOf(String(id))]?.title ?? 'the step';
  const positionOf = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);

  // What a move by click did, for screen readers; and the button to keep the focus on when the one clicked is now
  // disabled (the step reached the top or the bottom).
  const [moved, setMoved] = useState('');
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current === null) return;
    document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  });
  const moveByClick = (from: number, to: number) => {
    onMove(from, to);
    const title = steps[from]?.title || `step ${from + 1}`;
    setMoved(`Moved ${title} to place ${to + 1} of ${steps.length}.`);
    // The ids follow the places: the moved step's buttons now carry the ids of place `to`.
    if (to === 0) refocus.current = moveButtonId(editButtonId(to), 'down');
    else if (to === steps.length - 1) refocus.current = moveButtonId(editButtonId(to), 'up');
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move a step, press Space to pick it up. Use the up and down arrow keys to move it, Space to put it down, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) =>
            `Picked up ${titleOf(active.id)}. It is step ${positionOf(active.id)} of ${steps.length}.`,
          onDragOver: ({ active, over }) =>
            over ? `${titleOf(active.id)} is now at place ${positionOf(over.id)} of ${steps.length}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? `Put ${titleOf(active.id)} down at place ${positionOf(over.id)} of ${steps.length}.`
              : `Put ${titleOf(active.id)} back.`,
          onDragCancel: ({ active }) => `Cancelled. ${titleOf(active.id)} stays where it was.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label={`Steps of ${scopeTitle}`} className="space-y-2">
          {steps.map((step, i) => (
            <SortableStepRow
              key={ids[i]}
              id={ids[i] ?? String(i)}
              step={step}
              index={i}
              problems={problemCounts[i] ?? 0}
              editButtonId={editButtonId(i)}
              selected={selected === i}
              onSelect={() => onSelect(i)}
              onRemove={() => onRemove(i)}
              onMoveUp={i > 0 ? () => moveByClick(i, i - 1) : undefined}
              onMoveDown={i < steps.length - 1 ? () => moveByClick(i, i + 1) : undefined}
              moveUpId={moveButtonId(editButtonId(i), 'up')}
              moveDownId={moveButtonId(editButtonId(i), 'down')}
            />
          ))}
        </ol>
        <p role="status" className="sr-only">
          {moved}
        </p>
      </SortableContext>
    </DndContext>
  );
}

/** The element id of a row's 'Move up' or 'Move down' button, from the id of the step's 'Edit' button at its place. */
function moveButtonId(editId: string, direction: 'up' | 'down'): string {
  return `${editId}-move-${direction}`;
}

const keys = new WeakMap<Step, string>();
let nextKey = 0;
/** A key for a step object, the same for as long as the object lives. */
function keyOf(step: Step): string {
  let key = keys.get(step);
  if (key === undefined) {
    nextKey += 1;
    key = `step-${nextKey}`;
    keys.set(step, key);
  }
  return key;
}

interface RowProps {
  id: string;
  editButtonId: string;
  step: Step;
  index: number;
  problems: number;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
  /** One place up; undefined for the first step. */
  onMoveUp: (() => void) | undefined;
  /** One place down; undefined for the last step. */
  onMoveDown: (() => void) | undefined;
  moveUpId: string;
  moveDownId: string;
}

function SortableStepRow({
  id,
  editButtonId,
  step,
  index,
  problems,
  selected,
  onSelect,
  onRemove,
  onMoveUp,
  onMoveDown,
  moveUpId,
  moveDownId,
}: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        // On a narrow screen or with large text the title takes a line of its own and the buttons wrap under it
        // (WCAG 1.4.10 Reflow, docs/product.md#accessibility).
        'flex flex-wrap items-center gap-2 rounded-xl border bg-white p-2 pr-3',
        selected ? 'border-brand-700 ring-1 ring-brand-700' : 'border-slate-200',
        isDragging && 'relative z-10 shadow-lg',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${step.title || `step ${index + 1}`}`}
        className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 active:cursor-grabbing"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700"
      >
        <StepIcon name={step.icon} className="size-4" />
      </span>
      <div className="min-w-[min(8rem,100%)] flex-1">
        <p className="text-sm font-semibold text-slate-900">{step.title || 'Untitled step'}</p>
        {/* The step's id is shown only under 'Advanced' in its form. */}
        <p className="text-xs text-slate-600">{step.category}</p>
      </div>
      {problems > 0 ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
          <AlertCircle aria-hidden="true" className="size-3.5" />
          {problems} {problems === 1 ? 'problem' : 'problems'}
        </span>
      ) : null}
      <Button
        id={editButtonId}
        size="sm"
        variant={selected ? 'default' : 'outline'}
        onClick={onSelect}
        aria-label={`Edit ${step.title || `step ${index + 1}`}`}
      >
        <Pencil aria-hidden="true" /> Edit
      </Button>
      {(
        [
          { direction: 'up', id: moveUpId, onClick: onMoveUp, Icon: ArrowUp },
          { direction: 'down', id: moveDownId, onClick: onMoveDown, Icon: ArrowDown },
        ] as const
      ).map(({ direction, id: buttonId, onClick, Icon }) => (
        <Button
          key={direction}
          id={buttonId}
          size="icon"
          variant="ghost"
          onClick={onClick}
          disabled={onClick === undefined}
          aria-label={`Move ${step.title || `step ${index + 1}`} ${direction}`}
        >
          <Icon />
        </Button>
      ))}
      <Button size="icon" variant="ghost" onClick={onRemove} aria-label={`Remove ${step.title || `step ${index + 1}`}`}>
        <Trash2 />
      </Button>
    </li>
  );
}
