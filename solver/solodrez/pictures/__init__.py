"""Pictures of positions and solutions: SVG boards (`svg`) and self-contained HTML
step-throughs (`stepper`), drawn from `Position` and `Move` values."""
