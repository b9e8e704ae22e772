# ccgpu plot: cycles against scheme, from docs/results/awss/schemes/awss.csv
# render with: gnuplot awss-cycles.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-cycles.svg'
set title 'cycles per scheme (Fig. 9)'
set xlabel 'scheme'
set ylabel 'cycles'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"max-TLP" 1438705 823797 807212 3735495 5086761 464081 2577459 690934
"OptTLP" 1436246 822535 807212 3184330 4016222 464081 2577459 690934
"AwssSche-Static" 1518265 1054037 1123843 3728327 20441308 1583185 13769735 830195
"AwssSche" 1507836 1087478 1135040 3741055 20441308 1679896 13695479 719724
"AwssSche-Relax" 1500601 1016136 1073816 3554399 11183776 1473761 12714904 717033
"AwssSche-Union" 1491284 865352 856547 3740296 11183776 1105043 2577459 719724
"AwssSche-UnionId" 1446827 836221 855435 3687816 11504063 1090543 2577459 719724
EOD
plot $bars using 2:xtic(1) title 'mesh', \
     '' using 3 title 'bfs', \
     '' using 4 title 'sssp', \
     '' using 5 title 'gc', \
     '' using 6 title 'spmv', \
     '' using 7 title 'memc', \
     '' using 8 title 'invidx', \
     '' using 9 title 'kmeans'
