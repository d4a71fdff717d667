import type { IconName } from '@shared/content-schema';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import Award from 'lucide-react/icons/award';
import BookOpen from 'lucide-react/icons/book-open';
import BookOpenText from 'lucide-react/icons/book-open-text';
import Briefcase from 'lucide-react/icons/briefcase';
import Brush from 'lucide-react/icons/brush';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Crown from 'lucide-react/icons/crown';
import DollarSign from 'lucide-react/icons/dollar-sign';
import FileText from 'lucide-react/icons/file-text';
import Globe from 'lucide-react/icons/globe';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Heart from 'lucide-react/icons/heart';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Laptop from 'lucide-react/icons/laptop';
import Layers from 'lucide-react/icons/layers';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ListChecks from 'lucide-react/icons/list-checks';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import MapIcon from 'lucide-react/icons/map';
import MapPin from 'lucide-react/icons/map-pin';
import MessageSquare from 'lucide-react/icons/message-square';
import Microscope from 'lucide-react/icons/microscope';
import Pen from 'lucide-react/icons/pen';
import Search from 'lucide-react/icons/search';
import Signal from 'lucide-react/icons/signal';
import Smartphone from 'lucide-react/icons/smartphone';
import User from 'lucide-react/icons/user';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
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
  User,
  BookOpenText,
  Pen,
  Chrome: ChromeMark,
  Lock,
  FileText,
  Users,
  Laptop,
  Mail,
  BookOpen,
  ArrowUpDown,
  HeartHandshake,
  Briefcase,
  Slack: SlackMark,
  Smartphone,
  Heart,
  Globe,
  GraduationCap,
  Crown,
  MapPin,
  MessageSquare,
  Map: MapIcon,
  ClipboardCheck,
  UserPlus,
  Award,
  ClipboardList,
  Microscope,
  Layers,
  Brush,
  Search,
  ListChecks,
  LayoutDashboard,
  DollarSign,
  Instagram: InstagramMark,
  Signal,
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
