export default function MonthlyLatexChart() {
  return <figure>Mủ theo tháng</figure>;
}
