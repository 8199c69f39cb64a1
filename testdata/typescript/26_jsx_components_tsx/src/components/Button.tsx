export interface ButtonProps {
  label: string;
  onClick: () => void;
}

export default function Button({ label, onClick }: ButtonProps) {
  // `<button>` is an intrinsic element, not this component
  return (
    <button className="btn" onClick={onClick}>
      {label}
    </button>
  );
}
