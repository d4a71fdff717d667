import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { type ReactNode, useRef, useState } from 'react';

/**
 * A short hint on hover and keyboard focus (Radix Tooltip; the hint also becomes the trigger's description for
 * screen readers). The trigger must be focusable. Escape dismisses it (WCAG 1.4.13).
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Typed as a button for Radix; the trigger may be any focusable element.
  const trigger = useRef<HTMLButtonElement>(null);
  const dismissed = useRef(false);
  const onOpenChange = (next: boolean) => {
    // Radix closes a tooltip whenever the page scrolls, and moving focus onto a trigger scrolls it into view: the hint
    // a keyboard user just asked for would vanish at once. It stays while its trigger has focus (WCAG 1.4.13
    // "persistent"), until Escape, a click, or the focus leaving closes it.
    if (!next && !dismissed.current && trigger.current !== null && trigger.current === document.activeElement) return;
    dismissed.current = false;
    setOpen(next);
  };
  const dismiss = () => {
    dismissed.current = true;
  };
  return (
    <TooltipPrimitive.Provider delayDuration={200}>
      <TooltipPrimitive.Root open={open} onOpenChange={onOpenChange}>
        {/* Pressing the trigger closes the hint, as Radix does. */}
        <TooltipPrimitive.Trigger ref={trigger} asChild onPointerDown={dismiss} onClick={dismiss}>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            onEscapeKeyDown={dismiss}
            onPointerDownOutside={dismiss}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
