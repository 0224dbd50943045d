import { Card } from './components'
import { Notes } from './legacy/Notes'

const rows = ['Latex yield', 'Tapping panel', 'Rain days']

export function App() {
	return (
		<main className='layout p-4'>
			<h1 className='title'>Orchard notes</h1>
			<Card title='This week'>
				<ul className='list'>
					{rows.map((row) => (
						<li key={row}>{row}</li>
					))}
				</ul>
				<p className='muted small'>Updated every Monday</p>
			</Card>
			<Notes />
		</main>
	)
}
