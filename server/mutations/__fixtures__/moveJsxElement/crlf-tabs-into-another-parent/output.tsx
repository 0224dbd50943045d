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
				<Card title="Lô A" />
			</section>
			<footer>
				<span>Hai</span>
				<p>Một</p>
			</footer>
			<img
				src="/media/tree.svg"
				alt="Cây cao su"
			/>
		</main>
	);
}
