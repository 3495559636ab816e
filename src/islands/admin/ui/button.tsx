/** Buttons on React Aria's Button (press events that work the same for mouse, touch, keyboard and screen readers). */
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'ghost';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'btn-secondary',
  secondary: 'btn-outline',
  outline: 'btn-outline',
  danger: 'btn bg-rose-700 text-white hover:bg-rose-800',
  ghost: 'btn text-lagoon-700 hover:bg-lagoon-50',
};

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  variant?: ButtonVariant;
  className?: string;
  size?: 'md' | 'sm';
}

export function Button({ variant = 'primary', size = 'md', className = '', children, ...props }: ButtonProps) {
  const sizing = size === 'sm' ? 'min-h-9 px-3 py-1.5' : '';
  return (
    <AriaButton
      {...props}
      className={`${VARIANTS[variant]} ${sizing} cursor-pointer disabled:cursor-not-allowed disabled:opacity-60 data-[pending]:opacity-80 ${className}`}
    >
      {(renderProps) => (
        <>
          {renderProps.isPending && <span className="spinner size-4 border-2" aria-hidden="true" />}
          {typeof children === 'function' ? children(renderProps) : children}
        </>
      )}
    </AriaButton>
  );
}
