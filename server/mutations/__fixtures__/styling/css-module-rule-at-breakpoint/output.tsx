import * as css from './grid.module.css';

export function Grid() {
  return (
    <ul className={`${css.grid} list`}>
      <li className={css.cell}>1</li>
    </ul>
  );
}
