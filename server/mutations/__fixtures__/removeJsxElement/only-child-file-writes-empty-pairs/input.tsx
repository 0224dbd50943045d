export function Row() {
  return (
    <tr>
      <td></td>
      <td>
        <strong>Lô 7</strong>
      </td>
    </tr>
  );
}
