import { Badge } from './badge';
import { Card } from './card';

export function Page({ active }: { active: boolean }) {
	return (
		<main className="p-2">
			<h1
				className="font-bold"
				title="Vườn cao su"
			>
				Vườn cao su
			</h1>
			<section className="grid gap-2">
				<p>Một</p>
				<Card title="Lô A" />
				<Badge tone="green" />
			</section>
			<ul>
				<li>Hai</li>
			</ul>
			<img
				src="/media/tree.svg"
				alt="Cây cao su"
			/>
		</main>
	);
}
