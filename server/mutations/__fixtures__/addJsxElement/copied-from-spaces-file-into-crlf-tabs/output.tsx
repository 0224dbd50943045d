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
			</section>
			<footer>
				<span>Hai</span>
				<aside className="w-64">
					<nav>
						<a href="/">Menu</a>
					</nav>
				</aside>
			</footer>
			<img
				src="/media/tree.svg"
				alt="Cây cao su"
			/>
		</main>
	);
}
