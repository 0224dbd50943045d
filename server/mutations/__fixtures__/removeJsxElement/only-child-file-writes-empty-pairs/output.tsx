export function Row() {
  return (
    <tr>
      <td></td>
      <td></td>
    </tr>
  );
}
