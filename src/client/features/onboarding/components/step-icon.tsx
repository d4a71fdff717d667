import type { IconName } from '@shared/content-schema';
import {
  Aperture, ArrowUpDown, Award, BookOpen, BookOpenText, Briefcase, Brush, Camera, ClipboardCheck, ClipboardList, Crown,
  DollarSign, FileText, Globe, GraduationCap, Hash, Heart, HeartHandshake, Laptop, Layers, LayoutDashboard, ListChecks,
  Lock, type LucideIcon, Mail, Map as MapIcon, MapPin, MessageSquare, Microscope, Pen, Search, Signal, Smartphone, User, UserPlus,
  Users,
} from 'lucide-react';
import { createElement } from 'react';

/**
 * The 35 step icon names of docs/product.md#scopes-and-steps mapped to lucide components, one import each so unused
 * icons are never bundled. lucide-react 1.x dropped brand logos, so Chrome, Slack and Instagram get the closest neutral
 * icons.
 */
export const STEP_ICONS: Record<IconName, LucideIcon> = {
  User, BookOpenText, Pen, Chrome: Aperture, Lock, FileText, Users, Laptop, Mail, BookOpen, ArrowUpDown, HeartHandshake,
  Briefcase, Slack: Hash, Smartphone, Heart, Globe, GraduationCap, Crown, MapPin, MessageSquare, Map: MapIcon, ClipboardCheck,
  UserPlus, Award, ClipboardList, Microscope, Layers, Brush, Search, ListChecks, LayoutDashboard, DollarSign,
  Instagram: Camera, Signal,
};

const warned = new Set<string>();

function isIconName(name: string): name is IconName {
  return Object.hasOwn(STEP_ICONS, name);
}

/**
 * The icon component for a step's icon name; an unknown name gives User and one console warning
 * (docs/product.md#scopes-and-steps).
 */
export function stepIconFor(name: string): LucideIcon {
  if (isIconName(name)) return STEP_ICONS[name];
  if (!warned.has(name)) {
    warned.add(name);
    console.warn(`Unknown step icon "${name}"; showing the User icon instead.`);
  }
  return User;
}

export function StepIcon({ name, className, color }: { name: string; className?: string; color?: string }) {
  // createElement: the icon is looked up from a fixed table, not created during render.
  return createElement(stepIconFor(name), { 'aria-hidden': true, className, ...(color ? { color } : {}) });
}
