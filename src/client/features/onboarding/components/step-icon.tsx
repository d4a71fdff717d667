import type { IconName } from '@shared/content-schema';
import {
  ArrowUpDown, Award, BookOpen, BookOpenText, Briefcase, Brush, ClipboardCheck, ClipboardList, Crown,
  DollarSign, FileText, Globe, GraduationCap, Heart, HeartHandshake, Laptop, Layers, LayoutDashboard, ListChecks,
  Lock, Mail, Map as MapIcon, MapPin, MessageSquare, Microscope, Pen, Search, Signal, Smartphone, User, UserPlus,
  Users,
} from 'lucide-react';
import { type ComponentType, createElement } from 'react';
import { type BrandIconProps, ChromeMark, InstagramMark, SlackMark } from './brand-icons';

/** A step icon component: a lucide icon or one of the brand marks. */
export type StepIconComponent = ComponentType<BrandIconProps>;

/**
 * The 35 step icon names of the content mapped to components, one import each so unused icons are never bundled. lucide
 * has no brand logos, so Chrome, Slack and Instagram are the brands' own marks from Font Awesome's free brand set
 * (brand-icons.tsx); every other name is the lucide icon of that name.
 */
export const STEP_ICONS: Record<IconName, StepIconComponent> = {
  User, BookOpenText, Pen, Chrome: ChromeMark, Lock, FileText, Users, Laptop, Mail, BookOpen, ArrowUpDown, HeartHandshake,
  Briefcase, Slack: SlackMark, Smartphone, Heart, Globe, GraduationCap, Crown, MapPin, MessageSquare, Map: MapIcon, ClipboardCheck,
  UserPlus, Award, ClipboardList, Microscope, Layers, Brush, Search, ListChecks, LayoutDashboard, DollarSign,
  Instagram: InstagramMark, Signal,
};

const warned = new Set<string>();

function isIconName(name: string): name is IconName {
  return Object.hasOwn(STEP_ICONS, name);
}

/** The icon component for a step's icon name; an unknown name gives User and one console warning (docs/product.md#scopes-and-steps). */
export function stepIconFor(name: string): StepIconComponent {
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
